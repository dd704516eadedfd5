import Foundation

/// The entry names of a zip archive, read from its central directory (ZIP64 included) without
/// extracting anything. The archive comes from a build command, so it is read as untrusted:
/// sizes and counts are bounded, and a name that is absolute, climbs out with `..`, or is not
/// UTF-8 is refused.
public enum ZipListing {
    /// At most this many entries are listed.
    public static let maxEntries = 1_000_000

    /// The names of the entries of the zip file at `path`, in archive order; a directory's
    /// name ends with `/`. Throws `BinaryError.badArchive` when it is not a readable zip.
    public static func entries(ofFile path: String) throws -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BinaryError.badArchive(path: path, reason: "it cannot be read")
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        // The end-of-central-directory record is 22 bytes plus a comment of up to 65,535.
        let tailLength = min(size, 22 + 65_535 + 20)
        let tail = try read(handle, at: size - tailLength, count: Int(tailLength), path: path)
        guard let end = lastIndex(of: 0x0605_4b50, in: tail, from: tail.count - 22) else {
            throw BinaryError.badArchive(path: path, reason: "it is not a zip archive (no end of central directory)")
        }
        var count = UInt64(tail.uint16(at: end + 10))
        var directorySize = UInt64(tail.uint32(at: end + 12))
        var directoryOffset = UInt64(tail.uint32(at: end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: the locator sits right before the classic record and points at the real one.
            guard end >= 20, tail.uint32(at: end - 20) == 0x0706_4b50 else {
                throw BinaryError.badArchive(path: path, reason: "its ZIP64 end of central directory locator is missing")
            }
            let recordOffset = tail.uint64(at: end - 20 + 8)
            guard recordOffset < size else { throw BinaryError.badArchive(path: path, reason: "its ZIP64 record lies outside it") }
            let record = try read(handle, at: recordOffset, count: 56, path: path)
            guard record.uint32(at: 0) == 0x0606_4b50 else {
                throw BinaryError.badArchive(path: path, reason: "its ZIP64 end of central directory record is damaged")
            }
            count = record.uint64(at: 32)
            directorySize = record.uint64(at: 40)
            directoryOffset = record.uint64(at: 48)
        }
        guard count <= UInt64(maxEntries) else {
            throw BinaryError.badArchive(path: path, reason: "it lists \(count) entries, more than compctl reads (\(maxEntries))")
        }
        guard directoryOffset <= size, directorySize <= size - directoryOffset else {
            throw BinaryError.badArchive(path: path, reason: "its central directory lies outside the file")
        }
        let directory = try read(handle, at: directoryOffset, count: Int(directorySize), path: path)
        var names: [String] = []
        names.reserveCapacity(Int(count))
        var offset = 0
        for _ in 0..<count {
            guard offset + 46 <= directory.count, directory.uint32(at: offset) == 0x0201_4b50 else {
                throw BinaryError.badArchive(path: path, reason: "its central directory is damaged")
            }
            let nameLength = Int(directory.uint16(at: offset + 28))
            let extraLength = Int(directory.uint16(at: offset + 30))
            let commentLength = Int(directory.uint16(at: offset + 32))
            let nameStart = offset + 46
            guard nameStart + nameLength + extraLength + commentLength <= directory.count else {
                throw BinaryError.badArchive(path: path, reason: "its central directory is damaged")
            }
            let bytes = directory[nameStart..<nameStart + nameLength]
            guard let name = String(validating: bytes, as: UTF8.self) else {
                throw BinaryError.badArchive(path: path, reason: "an entry's name is not UTF-8")
            }
            try checkSafe(name, path: path)
            names.append(name)
            offset = nameStart + nameLength + extraLength + commentLength
        }
        return names
    }

    /// Refuses a name that would land outside the folder the archive is unpacked into.
    private static func checkSafe(_ name: String, path: String) throws {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.isEmpty || name.hasPrefix("/") || name.contains("\\") || parts.contains("..")
            || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw BinaryError.badArchive(path: path, reason: "it holds an entry named '\(name.debugDescription.dropFirst().dropLast())', which would unpack outside its folder")
        }
    }

    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int, path: String) throws -> [UInt8] {
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw BinaryError.badArchive(path: path, reason: "it ends early") }
            return [UInt8](data)
        } catch let error as BinaryError {
            throw error
        } catch {
            throw BinaryError.badArchive(path: path, reason: "it cannot be read (\(error.localizedDescription))")
        }
    }

    private static func lastIndex(of signature: UInt32, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index >= 0 {
            if bytes.uint32(at: index) == signature { return index }
            index -= 1
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    fileprivate func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    fileprivate func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(self[offset + $1]) << (8 * UInt32($1)) }
    }

    fileprivate func uint64(at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(self[offset + $1]) << (8 * UInt64($1)) }
    }
}
