int nofoo;
