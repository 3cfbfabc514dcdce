int bar;
