/* mjdemo's files: mjdemo.c (the demo and its command line), mjdemo_riichi.c (the riichi
 * samples), mjcheck.c and mjcheck_mjai.c (the checks behind --self-check and --fixture). Build
 * them together: gcc -std=c99 -Iinclude examples/c/mjdemo.c examples/c/mjdemo_riichi.c
 * examples/c/mjcheck.c examples/c/mjcheck_mjai.c -Ltarget/release -lmjkit. */
#ifndef MJDEMO_H
#define MJDEMO_H

#include <stddef.h>
#include <stdint.h>

#include "mjkit.h"

/* Checks failed so far (--self-check, --fixture). */
extern int failures;

/* mjdemo.c */
void expect(const char *what, MjStatus got, MjStatus want);
unsigned tile_total(const uint8_t counts[MJ_TILE_KINDS]);
void mask_to_text(uint64_t mask, char *buf, size_t len);
/* Prints UTF-8 text padded to `width` terminal columns (East Asian wide characters count 2). */
void print_padded(const char *s, int width);
MjTaiHand tai_sample(void);

/* mjdemo_riichi.c */
void riichi_example(void);
void riichi_ev_example(void);

/* mjcheck.c */
void tai_error_paths(void);
int run_fixtures(const char *dir);
void table_error_paths(void);
void backend_error_paths(void);
void riichi_error_paths(void);
void hint_error_paths(void);
void riichi_ev_error_paths(void);

/* mjcheck_mjai.c */
void mjai_error_paths(void);
void mjai_table_error_paths(void);
int mjai_fixture(const char *dir, int *lines_out);

#endif
