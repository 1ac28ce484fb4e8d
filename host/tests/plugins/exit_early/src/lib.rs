//! A test library whose constructor ends the process with status 0 as soon
//! as it is loaded: a trial must take that as a failure, never as a load.

/// Runs when the dynamic loader maps the library, before anything of it is called.
extern "C" fn exit_at_load() {
    std::process::exit(0);
}

#[used]
#[link_section = ".init_array"]
static EXIT_AT_LOAD: extern "C" fn() = exit_at_load;
