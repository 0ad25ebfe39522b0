// PocketSphinx 5prealpha (Debian's libpocketsphinx-dev) and the sphinxbase parts Beacon calls.
// cmd_ln_init is variadic and cannot be called from Swift: configure with cmd_ln_parse_r and an argv instead.
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/jsgf.h>
#include <sphinxbase/fsg_model.h>
