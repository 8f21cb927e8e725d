from mylife_core.cli import main

main()
