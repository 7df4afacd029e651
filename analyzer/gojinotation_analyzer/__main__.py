"""``python -m gojinotation_analyzer`` runs the ``gouji`` command line."""

from gojinotation_analyzer.cli.main import main

if __name__ == "__main__":
    main()
