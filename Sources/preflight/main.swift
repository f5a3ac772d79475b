import Glibc
import PreflightService

// `preflight serve | check | version`: see README.md.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" || arguments.first == "demo" {
    // Before anything can start a thread: every thread inherits the blocked mask, and `serve`
    // takes the signals with sigwait once it listens.
    StopSignals.block()
}
let usage = """
    usage: preflight serve [--config PATH] [--host H] [--port N]
           preflight check [--config PATH] [--no-fetch] [--profile NAME] [--format-in FORMAT] [--expect media] [--header NAME:VALUE]... [--format text|json|junit] FILE|DIRECTORY|-...
           preflight check --ndjson FILE|- [--config PATH] [--no-fetch] [--profile NAME] [--format-in FORMAT] [--expect media] [--header NAME:VALUE]...
           preflight demo [--port N] [--origin-port N]
           preflight healthcheck [--host H] [--port N]
           preflight version
    """

switch arguments.first {
case "serve":
    exit(ServeCommand.run(Array(arguments.dropFirst())))
case "check":
    exit(CheckCommand.run(Array(arguments.dropFirst())))
case "demo":
    exit(DemoCommand.run(Array(arguments.dropFirst())))
case "healthcheck":
    exit(HealthcheckCommand.run(Array(arguments.dropFirst())))
case "version", "--version":
    print(BuildInfo.current.line)
    exit(0)
case "help", "--help", "-h":
    print(usage)
    exit(0)
default:
    printError(usage)
    exit(2)
}
