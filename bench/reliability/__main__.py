"""`python -m bench.reliability [--full]`: the reliability harness (see bench/reliability/__init__.py)."""

import sys

from bench.reliability import main

sys.exit(main())
