/*
 * linux/irqflags.h - the interrupt flag of the executing simulated CPU.
 *
 * Each simulated CPU has its own flag; the machine delivers ticks and IPIs
 * to a CPU only at points where its flag is on.  Saved flags are the value
 * of that flag (1: interrupts were disabled).
 */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H

extern void sim_irq_disable(void);
extern void sim_irq_enable(const char *file, int line);
extern int sim_irqs_disabled(void);
extern void sim_irq_restore(unsigned long flags, const char *file, int line);

#define local_irq_disable()	sim_irq_disable()
#define local_irq_enable()	sim_irq_enable(__FILE__, __LINE__)
#define local_irq_save(flags)						\
	do {								\
		(flags) = sim_irqs_disabled();				\
		sim_irq_disable();					\
	} while (0)
#define local_irq_restore(flags) sim_irq_restore((flags), __FILE__, __LINE__)
#define local_save_flags(flags)	((flags) = sim_irqs_disabled())
#define irqs_disabled()		sim_irqs_disabled()
#define irqs_disabled_flags(flags) ((flags) != 0)
#define local_irq_enable_in_hardirq() do { } while (0)

#endif /* _LINUX_IRQFLAGS_H */
