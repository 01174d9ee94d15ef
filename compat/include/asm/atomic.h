#include <linux/atomic.h>
