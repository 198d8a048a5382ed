import KAuthCLI
