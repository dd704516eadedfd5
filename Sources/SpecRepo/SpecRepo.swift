// The SpecRepo library; see Package.swift for its purpose.
