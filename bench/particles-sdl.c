/* The reference for `kiln bench particles --window`: the same workload drawn by a plain C
 * program as one SDL_RenderGeometry batch per frame, timed the same way (update + clear +
 * draw + present, vsync off), printing the same JSON line. It is the practical limit for
 * SDL's renderer on a machine, so kiln's number is read against it (issue 4).
 *
 * Usage: particles-sdl [--count N] [--frames F] [--size WxH] [--triangles]
 * Limits: needs a display; SDL picks the renderer (OpenGL under X). */
#include <SDL.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    float *x, *y, *vx, *vy, *age, *life;
    int count, capacity;
} Particles;

static uint64_t rng_state = 0x4B494C4E;

/* SplitMix64, reduced to a float in [0, 1). */
static float next_unit(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (float)(z >> 40) / (float)(1 << 24);
}

static float spread(float half) { return (next_unit() * 2 - 1) * half; }

static void allocate(Particles *p, int capacity) {
    float **planes[] = {&p->x, &p->y, &p->vx, &p->vy, &p->age, &p->life};
    for (size_t i = 0; i < sizeof planes / sizeof *planes; i++) *planes[i] = calloc(capacity, sizeof(float));
    p->count = 0;
    p->capacity = capacity;
}

static void spawn(Particles *p, float cx, float cy) {
    if (p->count >= p->capacity) return;
    int i = p->count++;
    float angle = -(float)M_PI / 2 + spread((float)M_PI / 2);
    float speed = 190 + spread(130);
    p->x[i] = cx + spread(16);
    p->y[i] = cy + spread(16);
    p->vx[i] = cosf(angle) * speed;
    p->vy[i] = sinf(angle) * speed;
    p->age[i] = 0;
    p->life[i] = 1.0f + spread(0.1f);
}

/* Ages, removes the dead by swapping in the last, moves the rest, then makes the births. */
static void update(Particles *p, float dt, double rate, double *accumulator, float cx, float cy) {
    int i = 0;
    while (i < p->count) {
        float age = p->age[i] + dt;
        if (age >= p->life[i]) {
            int last = --p->count;
            p->x[i] = p->x[last]; p->y[i] = p->y[last];
            p->vx[i] = p->vx[last]; p->vy[i] = p->vy[last];
            p->age[i] = p->age[last]; p->life[i] = p->life[last];
            continue;
        }
        p->age[i] = age;
        p->vy[i] += 400 * dt;
        p->x[i] += p->vx[i] * dt;
        p->y[i] += p->vy[i] * dt;
        i++;
    }
    *accumulator += rate * dt;
    while (*accumulator >= 1) {
        spawn(p, cx, cy);
        *accumulator -= 1;
    }
}

static SDL_Vertex corner(float x, float y, Uint8 alpha, float u, float v) {
    SDL_Vertex vertex = {{x, y}, {255, 255, 255, alpha}, {u, v}};
    return vertex;
}

/* Writes the quads (4 or 6 vertices each) and returns the vertex count. */
static int write_quads(const Particles *p, SDL_Vertex *out, int triangles) {
    SDL_Vertex *v = out;
    for (int i = 0; i < p->count; i++) {
        float age = p->age[i];
        float half = 2 * fmaxf(2 - 1.5f * age, 0); /* a 4 px image at scale 2 → 0.5 */
        Uint8 alpha = (Uint8)(fminf(fmaxf(1 - age, 0), 1) * 255 + 0.5f);
        float x0 = p->x[i] - half, x1 = p->x[i] + half, y0 = p->y[i] - half, y1 = p->y[i] + half;
        SDL_Vertex tl = corner(x0, y0, alpha, 0, 0), br = corner(x1, y1, alpha, 1, 1);
        SDL_Vertex bl = corner(x0, y1, alpha, 0, 1);
        *v++ = tl; *v++ = corner(x1, y0, alpha, 1, 0); *v++ = br;
        if (triangles) { *v++ = tl; *v++ = br; }
        *v++ = bl;
    }
    return (int)(v - out);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest rank, as kiln reports it. */
static double percentile(const double *sorted, int n, double p) {
    int rank = (int)ceil(p / 100 * n);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return sorted[rank - 1];
}

static SDL_Texture *make_texture(SDL_Renderer *renderer) {
    Uint32 pixels[16];
    for (int i = 0; i < 16; i++) pixels[i] = 0xFFFF0000; /* opaque red, ARGB */
    SDL_Texture *texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, 4, 4);
    SDL_UpdateTexture(texture, NULL, pixels, 16);
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear);
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    return texture;
}

static void renderer_name(SDL_Renderer *renderer, char *out, size_t size) {
    SDL_RendererInfo info;
    SDL_GetRendererInfo(renderer, &info);
    snprintf(out, size, "%s", info.name);
    if (strncmp(info.name, "opengl", 6) != 0) return;
    typedef const unsigned char *(*GetString)(unsigned int);
    GetString get_string = (GetString)SDL_GL_GetProcAddress("glGetString");
    const unsigned char *gl = get_string ? get_string(0x1F01) : NULL;
    if (gl) snprintf(out, size, "%s, %s", info.name, (const char *)gl);
}

int main(int argc, char **argv) {
    int count = 20000, frames = 600, width = 1280, height = 800, triangles = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--count") && i + 1 < argc) count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--size") && i + 1 < argc) sscanf(argv[++i], "%dx%d", &width, &height);
        else if (!strcmp(argv[i], "--triangles")) triangles = 1;
        else { fprintf(stderr, "usage: %s [--count N] [--frames F] [--size WxH] [--triangles]\n", argv[0]); return 2; }
    }
    SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "particles-sdl: %s\n", SDL_GetError()); return 2; }
    SDL_Window *window = SDL_CreateWindow("particles-sdl", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                          width, height, SDL_WINDOW_SHOWN);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED) : NULL;
    if (!renderer) { fprintf(stderr, "particles-sdl: %s\n", SDL_GetError()); return 2; }
    SDL_Texture *texture = make_texture(renderer);

    Particles particles;
    int capacity = (int)(count * 1.1 * 1.25) + 16;
    allocate(&particles, capacity);
    SDL_Vertex *vertices = malloc(sizeof(SDL_Vertex) * 6 * (size_t)capacity);
    int *indices = malloc(sizeof(int) * 6 * (size_t)capacity);
    for (int q = 0; q < capacity; q++) {
        int v = q * 4, *o = indices + q * 6;
        o[0] = v; o[1] = v + 1; o[2] = v + 2; o[3] = v; o[4] = v + 2; o[5] = v + 3;
    }
    double *times = malloc(sizeof(double) * (size_t)frames);
    const float dt = 1.0f / 60, cx = width / 2.0f, cy = height / 2.0f;
    double accumulator = 0;
    for (int i = 0; i < 99; i++) update(&particles, dt, count, &accumulator, cx, cy); /* 1.65 s */

    double ticks_per_ms = (double)SDL_GetPerformanceFrequency() / 1000;
    for (int frame = -60; frame < frames; frame++) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {}
        Uint64 start = SDL_GetPerformanceCounter();
        update(&particles, dt, count, &accumulator, cx, cy);
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
        SDL_RenderClear(renderer);
        int n = write_quads(&particles, vertices, triangles);
        if (n > 0) SDL_RenderGeometry(renderer, texture, vertices, n, triangles ? NULL : indices,
                                      triangles ? 0 : particles.count * 6);
        SDL_RenderPresent(renderer);
        if (frame >= 0) times[frame] = (double)(SDL_GetPerformanceCounter() - start) / ticks_per_ms;
    }

    double sum = 0;
    for (int i = 0; i < frames; i++) sum += times[i];
    qsort(times, frames, sizeof *times, compare_doubles);
    char name[256];
    renderer_name(renderer, name, sizeof name);
    printf("{\"bench\":\"particles\",\"count\":%d,\"alive\":%d,\"frames\":%d,\"mean_ms\":%.3f,\"p50_ms\":%.3f,"
           "\"p99_ms\":%.3f,\"renderer\":\"%s\"}\n",
           count, particles.count, frames, sum / frames, percentile(times, frames, 50), percentile(times, frames, 99),
           name);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
