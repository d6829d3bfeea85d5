"""The static files storage of production: hashed names, compressed copies, and ES modules.

The table device's scripts are ES modules that import each other by relative path
(``import { within } from "../lib/http.js"``). Django's manifest storage rewrites those
imports to the hashed names when asked to (``support_js_module_import_aggregation``), so a
module and everything it imports come from one release: a cached old module can never
meet a new one on a tablet.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
