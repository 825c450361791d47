#include <libyuv/convert_from_argb.h>
