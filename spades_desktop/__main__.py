from spades_desktop.cli import main

raise SystemExit(main())
