#ifndef NESTBOX_CSWIFTRUNTIME_H
#define NESTBOX_CSWIFTRUNTIME_H

#include <stdbool.h>

/// The Swift runtime's own test of an object whose deinit has begun (its strong count
/// reached zero). It is what a weak reference's load asks before answering nil; the
/// model's object table (docs/policies.md, Q56) asks it for the same reason. Exported
/// by libswiftCore with C linkage; declared here so that Swift calls it with C's
/// calling convention.
bool swift_isDeallocating(void *object);

#endif
