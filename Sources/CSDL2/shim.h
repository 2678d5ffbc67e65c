// SDL2, SDL2_image and SDL2_ttf for Swift. pkg-config already points into SDL2/.
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

// Function-like macros do not import into Swift; these re-export the ones Flick uses.
static const int FLICK_SDL_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
static inline Uint32 flick_sdl_button_mask(int button) { return SDL_BUTTON(button); }
static inline int flick_sdl_must_lock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface); }
