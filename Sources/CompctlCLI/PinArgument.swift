import ArgumentParser
import Integration

/// One `NAME=VERSION` argument of `pin` and `integrate`: ArgumentParser's side of the
/// Integration library's `ComponentPin`.
struct PinArgument: ExpressibleByArgument, Equatable {
    var name: String
    var version: String

    init?(argument: String) {
        guard let pin = try? Self.parse(argument) else { return nil }
        self = pin
    }

    /// The argument's pod and version, or why they cannot be a pod's name (`Foo` or
    /// `Foo/Core`) and version (`PodName`): the command's `transform`, so that the usage
    /// error says what is wrong.
    @Sendable static func parse(_ argument: String) throws -> PinArgument {
        do {
            let pin = try ComponentPin.parse(argument)
            return PinArgument(name: pin.name, version: pin.version)
        } catch {
            throw PinArgumentError(error.description)
        }
    }

    init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// The library's pin.
    var pin: ComponentPin { ComponentPin(name: name, version: version) }
    var root: String { pin.root }
    var text: String { pin.text }
}

/// Why a `NAME=VERSION` argument was refused; ArgumentParser shows it after the value.
struct PinArgumentError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
