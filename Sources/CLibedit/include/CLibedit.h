// libedit, opened when the REPL reads from a terminal (see CLibraryLoader.h for why it
// is not linked). Its header gives the types; Swift calls the nb_ forwarders below,
// after nb_edit_load() has returned NULL.
#ifndef NESTBOX_CLIBEDIT_H
#define NESTBOX_CLIBEDIT_H

#include <stdio.h>
#include <editline/readline.h>

/// NULL once the library (NB_LIBEDIT_FILES in CLibraryLoader.h, or the file NESTBOX_LIBEDIT names, for tests) is open and
/// everything below resolved, otherwise "SONAME could not be loaded: REASON".
const char *nb_edit_load(void);

/// readline's configuration globals, set through the addresses dlsym found.
void nb_edit_configure(const char *name, const char *wordBreaks, rl_compentry_func_t *complete, int appendCharacter);
/// The character a single completion gets after it (rl_completion_append_character),
/// set by the generator for the completion it is making: libedit quotes the completion
/// itself as a file name (`(` becomes `\(`), but not this character.
void nb_edit_append(int appendCharacter);

char *nb_readline(const char *prompt);
void nb_using_history(void);
int nb_read_history(const char *path);
int nb_write_history(const char *path);
int nb_add_history(const char *line);

#endif
