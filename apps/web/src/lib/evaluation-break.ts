/*
 * The start chunk is evaluated in two tasks instead of one. Everything it holds runs when it is
 * evaluated (scope-hoisted modules in one function), and a module's evaluation cannot be cut into
 * slices: it was the longest task after the first paint of a rendered page (15-20 ms on this host
 * unthrottled, about 70 ms on Lighthouse's 4× slower phone, 20 ms of it blocking). A top-level await
 * ends the task: the libraries imported here are evaluated before it (the bundler orders modules by
 * first import, main.tsx imports this module before the app's own), the app's modules and the MUI
 * components they use after it, one turn of the event loop later, with the browser free in between.
 * Nothing here may import the app's modules, or they would move before the break.
 */
import '@mui/material/styles'
import '@emotion/react'
import '@tanstack/react-query'
import 'i18next'
import 'react-i18next'
import 'react-router'

await new Promise<void>((resolve) => setTimeout(resolve, 0))
