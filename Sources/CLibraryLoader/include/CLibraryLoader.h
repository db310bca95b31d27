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

/// One library opened on demand: which file, which symbols into which slots, and the
/// outcome of the first attempt (a later call repeats it, it does not try again).
typedef struct nb_library {
    const char *soname;        /* e.g. "libcairo.so.2" */
    const char *override;      /* an environment variable naming another file (tests), or NULL */
    const char *const *names;  /* the symbols to resolve, all of them or the library fails */
    void **slots;              /* where their addresses go, in the order of names */
    int count;
    int state;                 /* 0 not tried, 1 loaded, -1 failed */
    char error[480];           /* "SONAME could not be loaded: DLERROR" after a failure */
} nb_library;

/// Opens the library on the first call (thread-safe: the tests draw in parallel).
/// NULL when every symbol is resolved, otherwise the reason, for a one-line message.
const char *nb_library_load(nb_library *library);

#endif
