// cairo, opened on the first PNG (see CLibraryLoader.h for why it is not linked).
//
// cairo's own header gives the types, enums and structs; its functions are NOT
// callable from Swift here (nothing links libcairo, so a direct call fails to link).
// Swift calls the nb_-prefixed forwarders instead, with the same parameters, after
// nb_cairo_load() has returned NULL.
#ifndef NESTBOX_CCAIRO_H
#define NESTBOX_CCAIRO_H

#include <cairo/cairo.h>

/// NULL once the library (NB_LIBCAIRO_FILES in CLibraryLoader.h, or the file NESTBOX_LIBCAIRO names, for tests) is open and
/// every function below resolved, otherwise "SONAME could not be loaded: REASON".
const char *nb_cairo_load(void);

/// The functions Nestbox uses: RESULT(type, name, parameters, arguments) for those that
/// return a value, ACTION(name, parameters, arguments) for those that do not.
#define NB_CAIRO_FUNCTIONS(RESULT, ACTION) \
    RESULT(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height)) \
    RESULT(cairo_surface_t *, cairo_image_surface_create_from_png_stream, (cairo_read_func_t read, void *closure), (read, closure)) \
    RESULT(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface)) \
    RESULT(int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface)) \
    RESULT(int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface)) \
    RESULT(int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface)) \
    RESULT(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface)) \
    RESULT(cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write, void *closure), (surface, write, closure)) \
    ACTION(cairo_surface_flush, (cairo_surface_t *surface), (surface)) \
    ACTION(cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
    RESULT(cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
    ACTION(cairo_destroy, (cairo_t *cr), (cr)) \
    RESULT(cairo_font_options_t *, cairo_font_options_create, (void), ()) \
    ACTION(cairo_font_options_destroy, (cairo_font_options_t *options), (options)) \
    ACTION(cairo_font_options_set_antialias, (cairo_font_options_t *options, cairo_antialias_t antialias), (options, antialias)) \
    ACTION(cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t style), (options, style)) \
    ACTION(cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t metrics), (options, metrics)) \
    ACTION(cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *options), (cr, options)) \
    ACTION(cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight), (cr, family, slant, weight)) \
    ACTION(cairo_set_font_size, (cairo_t *cr, double size), (cr, size)) \
    ACTION(cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr, utf8, extents)) \
    ACTION(cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8)) \
    ACTION(cairo_set_matrix, (cairo_t *cr, const cairo_matrix_t *matrix), (cr, matrix)) \
    ACTION(cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), (cr, red, green, blue, alpha)) \
    ACTION(cairo_set_line_width, (cairo_t *cr, double width), (cr, width)) \
    ACTION(cairo_new_path, (cairo_t *cr), (cr)) \
    ACTION(cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height)) \
    ACTION(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
    ACTION(cairo_paint, (cairo_t *cr), (cr)) \
    ACTION(cairo_fill, (cairo_t *cr), (cr)) \
    ACTION(cairo_stroke, (cairo_t *cr), (cr)) \
    ACTION(cairo_clip, (cairo_t *cr), (cr)) \
    ACTION(cairo_save, (cairo_t *cr), (cr)) \
    ACTION(cairo_restore, (cairo_t *cr), (cr)) \
    RESULT(const char *, cairo_status_to_string, (cairo_status_t status), (status))

#define NB_CAIRO_DECLARE_RESULT(type, name, parameters, arguments) type nb_##name parameters;
#define NB_CAIRO_DECLARE_ACTION(name, parameters, arguments) void nb_##name parameters;
NB_CAIRO_FUNCTIONS(NB_CAIRO_DECLARE_RESULT, NB_CAIRO_DECLARE_ACTION)

#endif
