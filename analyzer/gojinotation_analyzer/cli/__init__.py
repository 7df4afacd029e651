"""The ``gouji`` command line: :mod:`.main` holds the group and the shared helpers, each
other module of this package one command (loaded only when that command runs)."""
