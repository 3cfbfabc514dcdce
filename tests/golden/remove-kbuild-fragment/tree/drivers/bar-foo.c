int bar_foo;
