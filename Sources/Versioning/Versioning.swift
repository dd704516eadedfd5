// The Versioning library; see Package.swift for its purpose.
