from spades_desktop.cli import main

if __name__ == "__main__":  # a worker process started with spawn imports this module too: it must not start the game
    raise SystemExit(main())
