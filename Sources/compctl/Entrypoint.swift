import CompctlCLI

@main
struct Entrypoint {
    static func main() async {
        await Compctl.main()
    }
}
