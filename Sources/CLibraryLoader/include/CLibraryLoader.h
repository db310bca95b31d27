// Shared libraries opened on first use instead of linked (docs/performance.md).
//
// Every NEEDED entry of the executable is a library the dynamic loader maps and
// relocates before main, on every start. cairo (with pixman, fontconfig, freetype, png,
// the X libraries ...) serves only PNG pictures and libedit only the REPL at a terminal,
// so they are opened with dlopen when that work first needs them and their functions
// are reached through pointers resolved by dlsym. The C targets CCairo and CLibedit hold
// the forwarders; this one holds what they share.
#ifndef NESTBOX_CLIBRARYLOADER_H
#define NESTBOX_CLIBRARYLOADER_H

#include <stddef.h>

/// The files each library is looked for as, per platform, tried in order: the only
/// place a library's file name is written (PortabilityTests refuses one elsewhere).
/// Linux: the sonames of Debian's libcairo2 and libedit2. macOS: Homebrew's cairo under
/// its two prefixes (Apple silicon, Intel; dlopen's own search covers neither) and the
/// system's libedit.
#if defined(__APPLE__)
#define NB_LIBCAIRO_FILES { "/opt/homebrew/lib/libcairo.2.dylib", "/usr/local/lib/libcairo.2.dylib", "libcairo.2.dylib", NULL }
#define NB_LIBEDIT_FILES { "/usr/lib/libedit.3.dylib", "libedit.dylib", NULL }
#else
#define NB_LIBCAIRO_FILES { "libcairo.so.2", NULL }
#define NB_LIBEDIT_FILES { "libedit.so.2", NULL }
#endif

/// One library opened on demand: which files, which symbols into which slots, and the
/// outcome of the first attempt (a later call repeats it, it does not try again).
typedef struct nb_library {
    const char *const *files;  /* NB_LIBCAIRO_FILES or NB_LIBEDIT_FILES, NULL-terminated */
    const char *override;      /* an environment variable naming another file (tests), or NULL */
    const char *const *names;  /* the symbols to resolve, all of them or the library fails */
    void **slots;              /* where their addresses go, in the order of names */
    int count;
    int state;                 /* 0 not tried, 1 loaded, -1 failed */
    char error[480];           /* "FILE could not be loaded: DLERROR" after a failure (the last file tried) */
} nb_library;

/// Opens the library on the first call (thread-safe: the tests draw in parallel).
/// NULL when every symbol is resolved, otherwise the reason, for a one-line message.
const char *nb_library_load(nb_library *library);

#endif
