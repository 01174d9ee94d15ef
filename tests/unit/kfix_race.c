/*
 * tests/unit/kfix_race.c - the race detector's control (tests/unit/tsan.sh,
 * tests/unit/race_control.c): one counter that two tasks update, with its
 * lock or without.
 *
 * Kernel-world code like kfixtures.c, and the one fixture built with
 * ThreadSanitizer under configure --enable-tsan, as libsched/ and the
 * drivers are: the detector must report the two unlocked updates from
 * two CPUs, naming both lines, and stay quiet when the lock orders them
 * or when both run on one CPU.
 */
#include <linux/spinlock.h>

#include "kfixtures.h"

#define KFIX_NEXT_LINE(var)	((var) = __LINE__ + 1)

int kfix_line_race_a, kfix_line_race_b;

static unsigned long kfix_race_counter;
static DEFINE_SPINLOCK(kfix_race_lock);

void kfix_race_a(int locked)
{
	if (locked)
		spin_lock(&kfix_race_lock);
	KFIX_NEXT_LINE(kfix_line_race_a);
	kfix_race_counter++;
	if (locked)
		spin_unlock(&kfix_race_lock);
}

void kfix_race_b(int locked)
{
	if (locked)
		spin_lock(&kfix_race_lock);
	KFIX_NEXT_LINE(kfix_line_race_b);
	kfix_race_counter += 2;
	if (locked)
		spin_unlock(&kfix_race_lock);
}

unsigned long kfix_race_count(void)
{
	return kfix_race_counter;
}
