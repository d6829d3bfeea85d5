"""The rules engine stays pure Python: importing it loads no Django module."""

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CHECK = "import sys, tournaments.skat; assert not any(m.startswith('django') for m in sys.modules)"


def test_skat_package_imports_no_django():
    result = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )

    assert (result.returncode, result.stderr) == (0, "")
