#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/// RTLD_LOCAL: the library's symbols do not join the global scope, so nothing else in
/// the process binds to them by accident; RTLD_NOW: a missing symbol fails here, at
/// the one place that reports it, not in the middle of a picture.
static void attempt(nb_library *library) {
    const char *chosen = library->override ? getenv(library->override) : NULL;
    const char *only[] = { chosen, NULL };
    const char *const *files = chosen && *chosen ? only : library->files;
    const char *soname = files[0];
    void *handle = NULL;
    for (int i = 0; files[i] && !handle; i++) {
        soname = files[i];
        handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *why = dlerror();
            snprintf(library->error, sizeof library->error, "%s could not be loaded: %s", soname, why ? why : "unknown error");
        }
    }
    if (!handle) {
        library->state = -1;
        return;
    }
    for (int i = 0; i < library->count; i++) {
        dlerror();
        void *address = dlsym(handle, library->names[i]);
        if (!address) {
            const char *why = dlerror();
            snprintf(library->error, sizeof library->error, "%s could not be loaded: %s", soname,
                     why ? why : library->names[i]);
            dlclose(handle);
            for (int j = 0; j < library->count; j++) library->slots[j] = NULL;
            library->state = -1;
            return;
        }
        library->slots[i] = address;
    }
    library->state = 1;
}

const char *nb_library_load(nb_library *library) {
    pthread_mutex_lock(&lock);
    if (library->state == 0) attempt(library);
    int state = library->state;
    pthread_mutex_unlock(&lock);
    return state == 1 ? NULL : library->error;
}
