#include "CCairo.h"
#include "CLibraryLoader.h"

// One slot per function, named and numbered by the list in CCairo.h, so the list is
// the only place a function is added.
enum {
#define SLOT_RESULT(type, name, parameters, arguments) slot_##name,
#define SLOT_ACTION(name, parameters, arguments) slot_##name,
    NB_CAIRO_FUNCTIONS(SLOT_RESULT, SLOT_ACTION)
    slot_count
};

static const char *const names[] = {
#define NAME_RESULT(type, name, parameters, arguments) #name,
#define NAME_ACTION(name, parameters, arguments) #name,
    NB_CAIRO_FUNCTIONS(NAME_RESULT, NAME_ACTION)
};

static void *slots[slot_count];

static const char *const files[] = NB_LIBCAIRO_FILES;

static nb_library cairo = {
    .files = files, .override = "NESTBOX_LIBCAIRO",
    .names = names, .slots = slots, .count = slot_count,
};

const char *nb_cairo_load(void) { return nb_library_load(&cairo); }

// Each forwarder calls through its slot with the type cairo's header declares for the
// real function (__typeof__), so an entry of the table that does not match cairo's
// header draws the compiler's diagnostics.
#define FORWARD_RESULT(type, name, parameters, arguments) \
    type nb_##name parameters { return ((__typeof__(&name))slots[slot_##name]) arguments; }
#define FORWARD_ACTION(name, parameters, arguments) \
    void nb_##name parameters { ((__typeof__(&name))slots[slot_##name]) arguments; }
NB_CAIRO_FUNCTIONS(FORWARD_RESULT, FORWARD_ACTION)
