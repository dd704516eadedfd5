import Foundation

/// Writes zip archives for tests, with entries stored uncompressed: enough for readers of a
/// zip's central directory, and for names (`../evil`) no zip tool would write.
public enum TestZip {
    /// A zip of `entries` (name, contents; a name ending in `/` is a folder) in that order;
    /// `zip64` adds the ZIP64 end records and marks the classic ones as ZIP64's.
    public static func make(_ entries: [(name: String, contents: Data)], zip64: Bool = false) -> Data {
        var body = Data()
        var directory = Data()
        for entry in entries {
            let name = Data(entry.name.utf8)
            let crc = crc32(entry.contents)
            let offset = UInt32(body.count)
            body += le32(0x0403_4b50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0)
            body += le32(crc) + le32(UInt32(entry.contents.count)) + le32(UInt32(entry.contents.count))
            body += le16(UInt16(name.count)) + le16(0) + name + entry.contents
            directory += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0)
            directory += le32(crc) + le32(UInt32(entry.contents.count)) + le32(UInt32(entry.contents.count))
            directory += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        var archive = body + directory
        let count = UInt64(entries.count)
        if zip64 {
            let recordOffset = UInt64(archive.count)
            archive += le32(0x0606_4b50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            archive += le64(count) + le64(count) + le64(UInt64(directory.count)) + le64(UInt64(body.count))
            archive += le32(0x0706_4b50) + le32(0) + le64(recordOffset) + le32(1)
            archive += le32(0x0605_4b50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF)
            archive += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(0)
        } else {
            archive += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(count)) + le16(UInt16(count))
            archive += le32(UInt32(directory.count)) + le32(UInt32(body.count)) + le16(0)
        }
        return archive
    }

    /// A zip of text files.
    public static func make(files: [(String, String)], zip64: Bool = false) -> Data {
        make(files.map { (name: $0.0, contents: Data($0.1.utf8)) }, zip64: zip64)
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
    private static func le32(_ value: UInt32) -> Data { Data((0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
    private static func le64(_ value: UInt64) -> Data { Data((0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
}
