#include <linux/bitops.h>
