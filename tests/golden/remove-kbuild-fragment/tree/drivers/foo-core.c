int foo_core;
