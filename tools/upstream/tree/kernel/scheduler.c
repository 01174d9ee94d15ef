/*
 *  kernel/scheduler.c
 *
 *  The public part of the cpu scheduler: what every cpu scheduler
 *  shares, and the choice of the one that runs.
 */
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/scheduler.h>
#include <linux/sched.h>

extern struct sched_drv ingo_sched_drv;

struct sched_drv *scheduler =
#if defined(CONFIG_CPUSCHED_DEFAULT_INGO)
	&ingo_sched_drv;
#else
	NULL;
#error "You must have at least 1 cpu scheduler selected"
#endif

static int __init scheduler_setup(char *str)
{
	struct sched_drv *chosen_sched = NULL;
#if defined(CONFIG_CPUSCHED_INGO)
	if (!strcmp(str, ingo_sched_drv.cpusched_name))
		chosen_sched = &ingo_sched_drv;
#endif
	if (chosen_sched && chosen_sched != scheduler) {
		/*
		 * Not the default: start the chosen one from a clean
		 * init_task, as if it had been the default.
		 */
		scheduler = chosen_sched;
		init_task = base_init_task;
		sched_init();
		preempt_disable();
	}
	return 1;
}

__setup("cpusched=", scheduler_setup);
