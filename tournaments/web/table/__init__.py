"""The list keeper's screens at ``/tisch/`` (Tischgerät), one module per screen.

Who may use them: a tournament director (staff user) for every table, or a device that
opened one table with its code (:mod:`.access`). Every page is a plain HTML form that works
without JavaScript; the scripts only make the preview instant and, on the keyboard page,
save without reloading.
"""
