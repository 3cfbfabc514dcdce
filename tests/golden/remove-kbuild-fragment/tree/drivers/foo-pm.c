int foo_pm;
