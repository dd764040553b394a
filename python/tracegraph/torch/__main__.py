"""python3 -m tracegraph.torch: the torch-to-tg command line."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
