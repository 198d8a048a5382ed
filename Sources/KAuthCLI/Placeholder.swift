public enum KAuthCLIPlaceholder {}
