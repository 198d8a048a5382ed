public enum KAuthTestSupportPlaceholder {}
