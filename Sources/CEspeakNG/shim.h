#include <espeak-ng/speak_lib.h>
// The espeak_ng_* calls report failures as status codes instead of exiting the process.
#include <espeak-ng/espeak_ng.h>
