#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NestboxCLI

// The model's walks recurse once per level of a hierarchy, which it bounds (views 20,000
// deep, controllers 5,000: README, Limits). The main thread's 8 MiB stack held about
// 17,000 levels of the deepest walk (autoresizing a chain of views), so a script within
// the bounds could end in a segmentation fault. The command runs on a thread whose stack
// holds every bounded walk with room to spare; pages are only taken as they are used.
// Signals go to that thread (the main one blocks them while it waits), where the
// handlers of a stop, the time limit and the line editor expect them.
let commandStackBytes = 512 << 20
nonisolated(unsafe) var exitStatus: Int32 = 0

func runCommand() {
    exitStatus = Nestbox.main(Array(CommandLine.arguments.dropFirst()))
}

var attributes = pthread_attr_t()
pthread_attr_init(&attributes)
pthread_attr_setstacksize(&attributes, commandStackBytes)
#if canImport(Darwin)
var thread: pthread_t?
#else
var thread = pthread_t()
#endif
if pthread_create(&thread, &attributes, { _ in runCommand(); return nil }, nil) == 0 {
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
} else {
    runCommand()    // no thread to be had: the main thread's stack, as before
}
exit(exitStatus)
