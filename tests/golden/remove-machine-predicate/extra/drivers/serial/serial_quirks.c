#include "serial.h"

int serial_quirks(void)
{
	if (toy_jensen())
		return 1;
	return 0;
}
