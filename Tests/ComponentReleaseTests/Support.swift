@_exported import TestSupport

// Real repositories in temporary directories, made with the git CLI (TestSupport's `gitCLI`);
// libgit2 is isolated from the user's and the system's git configuration (`TestGit`).
