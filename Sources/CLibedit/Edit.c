#include "CLibedit.h"
#include "CLibraryLoader.h"

enum {
    slot_readline, slot_using_history, slot_read_history, slot_write_history, slot_add_history,
    slot_rl_readline_name, slot_rl_basic_word_break_characters, slot_rl_completion_entry_function,
    slot_rl_completion_append_character, slot_count
};

static const char *const names[slot_count] = {
    "readline", "using_history", "read_history", "write_history", "add_history",
    "rl_readline_name", "rl_basic_word_break_characters", "rl_completion_entry_function",
    "rl_completion_append_character",
};

static void *slots[slot_count];

static const char *const files[] = NB_LIBEDIT_FILES;

static nb_library edit = {
    .files = files, .override = "NESTBOX_LIBEDIT",
    .names = names, .slots = slots, .count = slot_count,
};

const char *nb_edit_load(void) { return nb_library_load(&edit); }

// The globals' slots hold their addresses; the casts use the types libedit's header
// declares, so a mismatch draws the compiler's diagnostics.
void nb_edit_configure(const char *name, const char *wordBreaks, rl_compentry_func_t *complete, int appendCharacter) {
    *(__typeof__(&rl_readline_name))slots[slot_rl_readline_name] = name;
    *(__typeof__(&rl_basic_word_break_characters))slots[slot_rl_basic_word_break_characters] = wordBreaks;
    *(__typeof__(&rl_completion_entry_function))slots[slot_rl_completion_entry_function] = complete;
    *(__typeof__(&rl_completion_append_character))slots[slot_rl_completion_append_character] = appendCharacter;
}

void nb_edit_append(int appendCharacter) {
    *(__typeof__(&rl_completion_append_character))slots[slot_rl_completion_append_character] = appendCharacter;
}

char *nb_readline(const char *prompt) { return ((__typeof__(&readline))slots[slot_readline])(prompt); }
void nb_using_history(void) { ((__typeof__(&using_history))slots[slot_using_history])(); }
int nb_read_history(const char *path) { return ((__typeof__(&read_history))slots[slot_read_history])(path); }
int nb_write_history(const char *path) { return ((__typeof__(&write_history))slots[slot_write_history])(path); }
int nb_add_history(const char *line) { return ((__typeof__(&add_history))slots[slot_add_history])(line); }
