public enum KAuthSandboxPlaceholder {}
