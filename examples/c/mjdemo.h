/* mjdemo's two files: mjdemo.c (the demo and its command line) and mjcheck.c (the checks behind
 * --self-check and --fixture). Build both: gcc -std=c99 -Iinclude examples/c/mjdemo.c
 * examples/c/mjcheck.c -Ltarget/release -lmjkit. */
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
MjTaiHand tai_sample(void);

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
