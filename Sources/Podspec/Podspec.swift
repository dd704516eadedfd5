// The Podspec library; see Package.swift for its purpose.
