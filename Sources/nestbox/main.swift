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
// The main thread blocks every signal before the thread is made and only waits, so a
// stop (SIGINT, SIGTERM) and the time limit's SIGALRM reach the command's thread, which
// takes back the mask nestbox was started with.
let commandStackBytes = 512 << 20
nonisolated(unsafe) var exitStatus: Int32 = 0
nonisolated(unsafe) var startMask = sigset_t()

func runCommand() {
    exitStatus = Nestbox.main(Array(CommandLine.arguments.dropFirst()))
}

// Said before the thread starts: it may fork at once (nestbox test), and asks then.
Nestbox.mainThreadParked(true)
var all = sigset_t()
sigfillset(&all)
pthread_sigmask(SIG_BLOCK, &all, &startMask)
var attributes = pthread_attr_t()
pthread_attr_init(&attributes)
pthread_attr_setstacksize(&attributes, commandStackBytes)
#if canImport(Darwin)
var thread: pthread_t?
#else
var thread = pthread_t()
#endif
let made = pthread_create(&thread, &attributes, { _ in
    pthread_sigmask(SIG_SETMASK, &startMask, nil)
    runCommand()
    return nil
}, nil) == 0
pthread_attr_destroy(&attributes)
if made {
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
} else {
    // No thread to be had (a process limit): the main thread's stack, as before.
    Nestbox.mainThreadParked(false)
    pthread_sigmask(SIG_SETMASK, &startMask, nil)
    runCommand()
}
exit(exitStatus)
