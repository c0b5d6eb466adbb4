/* eslint-disable */
// Generated from forms/staff/collectionTemplate.schema.json (rules 14cf03d3e5dbdabc) by npm run compile:validators. Do not edit.
"use strict";
import * as func2_module from "ajv/dist/runtime/ucs2length.js";
function runtimeDefault(ns) { const d = ns.default; return typeof d === "function" ? d : d.default; }
export const validate = validate13;
export default validate13;
const schema14 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"collectionTemplate.schema.json","title":"collectionTemplate.title","$comment":"A collection message template, one text per language (api-contract/collections.ts templateInput). The server refuses wording SEC MC 18 forbids and unknown placeholders; another person approves it.","type":"object","additionalProperties":false,"required":["name","en","fil","zh-CN"],"properties":{"name":{"title":"collectionTemplate.name","type":"string","minLength":1,"maxLength":100},"en":{"title":"collectionTemplate.en","type":"string","minLength":1,"maxLength":480},"fil":{"title":"collectionTemplate.fil","type":"string","minLength":1,"maxLength":480},"zh-CN":{"title":"collectionTemplate.zh-CN","type":"string","minLength":1,"maxLength":480}}};
const func2 = runtimeDefault(func2_module);

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="collectionTemplate.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.en === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "en"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.fil === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fil"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data["zh-CN"] === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "zh-CN"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "name") || (key0 === "en")) || (key0 === "fil")) || (key0 === "zh-CN"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func2(data0) > 100){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 100}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func2(data0) < 1){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.en !== undefined){
let data1 = data.en;
if(typeof data1 === "string"){
if(func2(data1) > 480){
const err8 = {instancePath:instancePath+"/en",schemaPath:"#/properties/en/maxLength",keyword:"maxLength",params:{limit: 480}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func2(data1) < 1){
const err9 = {instancePath:instancePath+"/en",schemaPath:"#/properties/en/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/en",schemaPath:"#/properties/en/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.fil !== undefined){
let data2 = data.fil;
if(typeof data2 === "string"){
if(func2(data2) > 480){
const err11 = {instancePath:instancePath+"/fil",schemaPath:"#/properties/fil/maxLength",keyword:"maxLength",params:{limit: 480}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func2(data2) < 1){
const err12 = {instancePath:instancePath+"/fil",schemaPath:"#/properties/fil/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/fil",schemaPath:"#/properties/fil/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data["zh-CN"] !== undefined){
let data3 = data["zh-CN"];
if(typeof data3 === "string"){
if(func2(data3) > 480){
const err14 = {instancePath:instancePath+"/zh-CN",schemaPath:"#/properties/zh-CN/maxLength",keyword:"maxLength",params:{limit: 480}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func2(data3) < 1){
const err15 = {instancePath:instancePath+"/zh-CN",schemaPath:"#/properties/zh-CN/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/zh-CN",schemaPath:"#/properties/zh-CN/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
