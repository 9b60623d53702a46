"""Allow `python -m scorekeeper`."""

from scorekeeper.cli import main

main()
