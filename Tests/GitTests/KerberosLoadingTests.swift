#if os(Linux)
import CGSSAPI
import Foundation
import Testing

/// The GSSAPI calls libgit2 makes for `Negotiate` authentication (CGSSAPI): forwarded to
/// Kerberos' libgssapi_krb5.so.2, loaded on the first call rather than at every start, and
/// failing as GSSAPI fails, with what to install, where the library is missing.
@Suite(.serialized) struct KerberosLoadingTests {
    static let library = "libgssapi_krb5.so.2"

    @Test func theCallsReachKerberosLoadedOnFirstUse() throws {
        cgss_use_library(Self.library)
        #expect(cgss_is_loaded() == 1)
        var minor: cgss_uint32 = 0

        var mechanisms: UnsafeMutablePointer<cgss_oid_set_desc>?
        #expect(gss_indicate_mechs(&minor, &mechanisms) == CGSS_S_COMPLETE)
        let set = try #require(mechanisms)
        // Kerberos 5, 1.2.840.113554.1.2.2, as libgit2 looks for it.
        let kerberos: [UInt8] = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x12, 0x01, 0x02, 0x02]
        let oids = (0..<set.pointee.count).map { index in
            let oid = set.pointee.elements[index]
            return Array(UnsafeRawBufferPointer(start: oid.elements, count: Int(oid.length)))
        }
        #expect(oids.contains(kerberos))
        #expect(gss_release_oid_set(&minor, &mechanisms) == CGSS_S_COMPLETE)
        #expect(mechanisms == nil)

        // libgit2 names the server as a host-based service with its own copy of the constant.
        var name: UnsafeMutableRawPointer?
        let imported = Self.withBuffer("HTTP@git.example.com") { buffer in
            gss_import_name(&minor, &buffer, cgss_hostbased_service(), &name)
        }
        #expect(imported == CGSS_S_COMPLETE)
        #expect(name != nil)
        #expect(gss_release_name(&minor, &name) == CGSS_S_COMPLETE)
        #expect(name == nil)

        // Messages come from the library.
        let message = Self.statusText(CGSS_S_FAILURE)
        #expect(message.contains("Unspecified GSS failure"), "\(message)")
    }

    @Test func withoutKerberosEveryCallFailsAndSaysWhatToInstall() {
        cgss_use_library("libgssapi_krb5-absent.so.2")
        defer { cgss_use_library(Self.library) }
        #expect(cgss_is_loaded() == 0)
        var minor: cgss_uint32 = 7

        var mechanisms = UnsafeMutablePointer<cgss_oid_set_desc>(bitPattern: 1)
        #expect(gss_indicate_mechs(&minor, &mechanisms) == CGSS_S_FAILURE)
        #expect(mechanisms == nil)
        #expect(minor == 0)

        var name = UnsafeMutableRawPointer(bitPattern: 1)
        let imported = Self.withBuffer("HTTP@git.example.com") { buffer in
            gss_import_name(&minor, &buffer, cgss_hostbased_service(), &name)
        }
        #expect(imported == CGSS_S_FAILURE)
        #expect(name == nil)

        var context: UnsafeMutableRawPointer?
        var output = cgss_buffer_desc(length: 3, value: UnsafeMutableRawPointer(bitPattern: 1))
        var flags: cgss_uint32 = 0, time: cgss_uint32 = 0
        let started = gss_init_sec_context(&minor, nil, &context, nil, nil, 0, 0, nil, nil, nil, &output, &flags, &time)
        #expect(started == CGSS_S_FAILURE)
        #expect(output.length == 0 && output.value == nil)
        #expect(gss_delete_sec_context(&minor, &context, nil) == CGSS_S_COMPLETE)

        let message = Self.statusText(CGSS_S_FAILURE)
        #expect(message.contains("needs libgssapi-krb5-2 installed"), "\(message)")
        #expect(message.contains("libgssapi_krb5-absent.so.2"), "\(message)")
    }

    /// `text` as a GSSAPI buffer, for the length of `body`.
    static func withBuffer<T>(_ text: String, _ body: (inout cgss_buffer_desc) -> T) -> T {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { raw in
            var buffer = cgss_buffer_desc(length: raw.count, value: raw.baseAddress)
            return body(&buffer)
        }
    }

    /// `gss_display_status` of a major status, released as libgit2 releases it.
    static func statusText(_ status: cgss_uint32) -> String {
        var minor: cgss_uint32 = 0, context: cgss_uint32 = 0
        var message = cgss_buffer_desc()
        guard gss_display_status(&minor, status, 1, nil, &context, &message) == CGSS_S_COMPLETE,
              let value = message.value else { return "" }
        let text = String(decoding: UnsafeRawBufferPointer(start: value, count: message.length), as: UTF8.self)
        _ = gss_release_buffer(&minor, &message)
        return text
    }
}
#endif
