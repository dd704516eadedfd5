import Foundation
import Testing
@testable import HTTP

/// The lines of an answer's head, read from the bytes libcurl hands over.
@Suite struct HeaderLineTests {
    func line(_ text: String) -> HeaderLine {
        Array(text.utf8).withUnsafeBufferPointer { HeaderLine($0) }
    }

    @Test func aStatusLineStartsTheFieldsAfresh() {
        #expect(line("HTTP/1.1 304 Not Modified\r\n") == .status)
        #expect(line("HTTP/2 200\r\n") == .status)
    }

    @Test func aFieldHasItsNameLowercasedAndBothTrimmedOfSpacesAndTabs() {
        #expect(line("ETag: \"5f3a-1\"\r\n") == .field(name: "etag", value: "\"5f3a-1\""))
        #expect(line("content-length:12\r\n") == .field(name: "content-length", value: "12"))
        #expect(line(" X-Odd \t:\t a b \r\n") == .field(name: "x-odd", value: "a b"))
        #expect(line("Retry-After: \r\n") == .field(name: "retry-after", value: ""))
        // Only the first colon ends the name.
        #expect(line("Location: http://127.0.0.1:8080/x\r\n") == .field(name: "location", value: "http://127.0.0.1:8080/x"))
        // A value that is not UTF-8 is read with replacement characters, not dropped.
        #expect(Array([0x58, 0x3A, 0x20, 0xFF, 0x0D, 0x0A] as [UInt8]).withUnsafeBufferPointer { HeaderLine($0) }
            == .field(name: "x", value: "\u{FFFD}"))
    }

    @Test func theEndOfTheHeadAndLinesWithoutAColonAreNeitherStatusNorField() {
        #expect(line("\r\n") == .other)
        #expect(line("garbage\r\n") == .other)
        #expect(line("") == .other)
    }
}
